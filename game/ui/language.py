"""Which language the game speaks: the player's setting, or the operating system's.

The setting is ``"system"`` or one of the catalogues' codes. "System" asks the
OS the way each one keeps the user's choice: the gettext variables on Linux and
other Unixes, the user's UI language on Windows, the ``AppleLanguages`` default
on macOS (the environment variables are looked at first everywhere, since a
player who sets ``LANGUAGE`` means it). Whatever cannot be read or is not one of
ours gives English.
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping

from .i18n import N_

#: The setting's choices, in the order the Settings screen lists them, with how each is shown.
#: The languages are named in themselves (a player who cannot read the current language still
#: finds their own); only "System" is translated.
LANGUAGE_CHOICES = (
    ("system", N_("System")),
    ("en", "English"),
    ("de", "Deutsch"),
    ("el", "Ελληνικά"),
    ("nb", "Norsk bokmål"),
)
#: The languages the game has words for (English is the source text itself).
SPOKEN = ("en", "de", "el", "nb")
FALLBACK = "en"
#: Locale languages that mean one of ours: Norwegian in any spelling reads Bokmål best.
ALIASES = {"no": "nb", "nn": "nb"}
#: The gettext variables, first one set wins (LANGUAGE may list several, ``de:en``).
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: Seconds macOS's ``defaults`` may take before the game gives up on it.
MACOS_TIMEOUT = 1.0


def spoken_language(locale_name: str | None) -> str | None:
    """``"de_AT.UTF-8"`` -> ``"de"``, ``"nb-NO"`` / ``"no"`` / ``"nn"`` -> ``"nb"``; None if not ours."""
    if not locale_name:
        return None
    code = locale_name.strip().strip('"').replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    code = ALIASES.get(code, code)
    return code if code in SPOKEN else None


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language the gettext variables ask for, or None when none is set (``C`` counts as unset)."""
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable, "")
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        # The first variable set decides, as in gettext; within LANGUAGE the first one we speak.
        for name in value.split(":"):
            found = spoken_language(name)
            if found:
                return found
        return FALLBACK
    return None


def windows_ui_language() -> str | None:
    """The Windows user's display language as a locale name (``"de_DE"``), or None."""
    import ctypes
    import locale

    try:
        language_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (AttributeError, OSError):
        return None
    return locale.windows_locale.get(language_id)


def macos_languages(run: Callable = subprocess.run) -> str | None:
    """The first of the macOS user's preferred languages (``"de-AT"``), or None."""
    try:
        answer = run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True,
                     timeout=MACOS_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    # The answer is a property list array: ( "de-AT", "en-GB" ).
    for line in answer.stdout.splitlines():
        name = line.strip().strip(",").strip().strip('"')
        if name and name not in "()":
            return name
    return None


def system_language(environ: Mapping[str, str] | None = None, platform: str | None = None,
                    windows: Callable[[], str | None] = windows_ui_language,
                    macos: Callable[[], str | None] = macos_languages) -> str:
    """The language the operating system is set to, as one we speak (English if not ours)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    found = from_environment(environ)
    if found:
        return found
    if platform == "win32":
        return spoken_language(windows()) or FALLBACK
    if platform == "darwin":
        return spoken_language(macos()) or FALLBACK
    return FALLBACK


def resolve(setting: str, system: Callable[[], str] = system_language) -> str:
    """The language a setting means: itself, or for ``"system"`` the OS's."""
    return system() if setting == "system" else (setting if setting in SPOKEN else FALLBACK)
