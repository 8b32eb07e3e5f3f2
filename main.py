"""Start the Crazy Eights desktop game (see game/ui/cli.py)."""
import sys

from game.ui.cli import main

if __name__ == "__main__":
    sys.exit(main())
