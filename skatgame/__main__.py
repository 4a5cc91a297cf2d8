"""`python -m skatgame`: hands over to the command line."""

import sys

from skatgame.cli import main

sys.exit(main())
