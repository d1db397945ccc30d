"""``python -m patience_rules`` runs the ``patience-rules`` command."""

import sys

from patience_rules.cli import main

if __name__ == "__main__":  # not in the processes that Dask and spawn start from this module
    sys.exit(main())
