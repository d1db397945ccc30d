"""Check that the installed patience_rules is the built wheel, not the source tree."""

import hashlib
import importlib.util
import sys
import zipfile
from pathlib import Path

root, wheel = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
spec = importlib.util.find_spec("patience_rules")
if spec is None or not spec.submodule_search_locations:
    sys.exit("patience_rules is not installed")
installed = Path(next(iter(spec.submodule_search_locations))).resolve()
if root in installed.parents:
    sys.exit(f"patience_rules is imported from the source tree: {installed}")

with zipfile.ZipFile(wheel) as archive:
    files = [name for name in archive.namelist() if name.startswith("patience_rules/")]
    for name in files:
        local = installed.parent / name
        wanted = hashlib.sha256(archive.read(name)).hexdigest()
        if not local.is_file() or hashlib.sha256(local.read_bytes()).hexdigest() != wanted:
            sys.exit(f"installed {name} differs from {wheel.name}")
print(f"the tested patience_rules ({installed}) is {wheel.name}: {len(files)} files identical")
