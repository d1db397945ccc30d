// Runs compute.py on Pyodide (WebAssembly) under Node, with the given wheels
// installed from local files: nothing is fetched from the network.
//
//   node run.mjs OUTPUT INPUT WHEEL...
//
// Each wheel is unpacked into Pyodide's site-packages (a wheel is a zip
// file); compute.py reads INPUT and its answer is written to OUTPUT.

import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));
const [output, input, ...wheels] = process.argv.slice(2);

const pyodide = await loadPyodide();
for (const wheel of wheels) {
  const target = `/tmp/${basename(wheel)}`;
  pyodide.FS.writeFile(target, readFileSync(wheel));
  pyodide.runPython(`
import site, zipfile
zipfile.ZipFile(${JSON.stringify(target)}).extractall(site.getsitepackages()[0])
`);
}
pyodide.FS.writeFile("/tmp/input.json", readFileSync(input));
pyodide.FS.writeFile("/tmp/compute.py", readFileSync(join(here, "compute.py")));
const answer = pyodide.runPython(`
import runpy, sys
sys.argv = ["compute.py", "/tmp/input.json"]
runpy.run_path("/tmp/compute.py", run_name="compute")["answer"]("/tmp/input.json")
`);
writeFileSync(output, answer);
