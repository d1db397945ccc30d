"""``python -m patience_rules`` runs the ``patience-rules`` command."""

import sys

from patience_rules.cli import main

sys.exit(main())
