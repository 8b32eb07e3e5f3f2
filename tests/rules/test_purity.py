"""The rules core stays free of pygame (DESIGN.md: dependencies point one way)."""
import subprocess
import sys


def test_importing_the_rules_core_loads_no_pygame():
    code = "import sys, game.rules; print(any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
