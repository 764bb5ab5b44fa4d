"""The rulebook's site: its pages generated from the book, the results and the games, and made safe once built."""
