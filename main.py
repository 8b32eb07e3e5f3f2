"""Start the Crazy Eights desktop game (see game/ui/app.py)."""
import sys

from game.ui.app import main

if __name__ == "__main__":
    sys.exit(main())
