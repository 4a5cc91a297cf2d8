"""One module per command-line subcommand (see `skatgame.cli`)."""
