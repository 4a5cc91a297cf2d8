"""`python -m skatgame`: hands over to the command line."""

import multiprocessing
import sys

if __name__ == "__main__":
    # The frozen executable is started again as the computer players' worker and as
    # multiprocessing's helpers (fork server, resource tracker): this does their work and
    # exits before any window opens. Outside a frozen executable it does nothing.
    multiprocessing.freeze_support()

    from skatgame.cli import main

    sys.exit(main())
