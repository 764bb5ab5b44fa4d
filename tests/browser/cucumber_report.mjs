// Cucumber's HTML report of a run's Cucumber Messages, made by Cucumber's own formatter
// (@cucumber/html-formatter, from package-lock.json): NDJSON in on standard input, one
// standalone HTML page out on standard output. `tests/browser/test_messages_report.py` runs it.
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { CucumberHtmlStream } from "@cucumber/html-formatter";

async function* envelopes() {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim()) yield JSON.parse(line);
  }
}

await pipeline(Readable.from(envelopes()), new CucumberHtmlStream(), process.stdout);
