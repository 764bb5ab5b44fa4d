/* The theme's tab-target check (mkdocs-material's partials/javascripts/content.html, MIT licence), loaded as a file. */
var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"));
