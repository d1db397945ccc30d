"""Check that the built sdist and wheel hold what a release needs."""

import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

dist = Path(sys.argv[1])
(sdist,) = dist.glob("*.tar.gz")
(wheel,) = dist.glob("*.whl")

with tarfile.open(sdist) as archive:
    names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
for required in (
    "pyproject.toml",
    "README.md",
    "CHANGELOG.md",
    "LICENSE",
    "src/patience_rules/__init__.py",
    "src/patience_rules/py.typed",
    "src/patience_rules/schemas/position.schema.json",
    "src/patience_rules/schemas/record.schema.json",
    "tests/conftest.py",
    "tests/fixtures/positions.json",
    "docs/conf.py",
    "docs/index.md",
    "docs/_intersphinx/python3.11.inv",
    "docs/web-ui.md",
    "examples/web/app.py",
    "examples/web/store.py",
    "examples/web/README.md",
    "examples/web/static/index.html",
    "examples/web/static/main.js",
    "tests_web/conftest.py",
    "tests_web/pyodide/package.json",
    "tests_web/pyodide/package-lock.json",
    "tests_web/pyodide/run.mjs",
    "tests_web/pyodide/compute.py",
):
    if required not in names:
        sys.exit(f"{sdist.name} lacks {required}")
if any(name.startswith("docs/_build/") for name in names):
    sys.exit(f"{sdist.name} holds a docs build")
if any("node_modules/" in name for name in names):
    sys.exit(f"{sdist.name} holds node_modules")

with zipfile.ZipFile(wheel) as archive:
    names = set(archive.namelist())
    (metadata_name,) = (name for name in names if name.endswith(".dist-info/METADATA"))
    metadata = Parser().parsestr(archive.read(metadata_name).decode())
for required in (
    "patience_rules/py.typed",
    "patience_rules/strategies.py",
    "patience_rules/schemas/position.schema.json",
    "patience_rules/schemas/record.schema.json",
):
    if required not in names:
        sys.exit(f"{wheel.name} lacks {required}")
if not any(name.endswith(".dist-info/licenses/LICENSE") for name in names):
    sys.exit(f"{wheel.name} lacks the licence file")
if any(not name.startswith("patience_rules") for name in names):
    sys.exit(f"{wheel.name} holds files outside the package: {sorted(names)}")
for field in ("Project-URL", "Keywords", "Classifier", "License-Expression", "Requires-Python"):
    if not metadata.get_all(field):
        sys.exit(f"{wheel.name} has no {field} metadata")
if "Typing :: Typed" not in metadata.get_all("Classifier"):
    sys.exit(f"{wheel.name} lacks the 'Typing :: Typed' classifier")
# The only runtime dependency is attrs; numpy, Dask and the rest come only with their extras.
runtime = [need for need in metadata.get_all("Requires-Dist") or [] if "extra ==" not in need]
if [need.split(">")[0].strip() for need in runtime] != ["attrs"]:
    sys.exit(f"{wheel.name} depends at run time on more than attrs: {runtime}")
for extra in ("solver", "cluster", "hypothesis"):
    if extra not in (metadata.get_all("Provides-Extra") or []):
        sys.exit(f"{wheel.name} lacks the {extra!r} extra")
print(f"{sdist.name} and {wheel.name} hold what a release needs")
