"""The statistics screen's list of recent matches: date, game, opponents, result, and a Replay button each,
and a button to replay a record file from the records folder."""
from __future__ import annotations

import pygame
import pygame_gui

from game.session.seats import HUMAN

from ..i18n import N_, _, date_time_text, shown_player_name
from ..replay.opening import open_record_file, open_replay
from ..safe_text import safe_text
from ..widgets.rows import cell_text, fit_text


#: The most of a player's name and of a game's name a row shows (a damaged file's may be huge).
NAME_CHARACTERS = 24
GAME_NAME_CHARACTERS = 48
#: The list's column headings, over the cells recent_cells writes.
COLUMNS = (N_("Date"), N_("Game"), N_("Opponents"), N_("Result"))


def recent_cells(recent, game_name) -> list[str]:
    """One recent match as the list's text: date, game, opponents, result ("Won", "Lost", "(practice)")."""
    seats = recent.saved.seats
    people = [i for i, seat in enumerate(seats) if seat.kind == HUMAN]
    # One person: the list speaks to them ("You won"); several: the winners go by name, like a spectator's.
    human = people[0] if len(people) == 1 else None
    # Names and the game's name come from a file: each reaches the list through safe_text.
    opponents = ", ".join(safe_text(seat.name, max_chars=NAME_CHARACTERS) for i, seat in enumerate(seats) if i != human)
    if human is None:
        result = ", ".join(safe_text(shown_player_name(seats[i].name), max_chars=NAME_CHARACTERS)
                           for i in recent.winners)
    else:
        result = _("You won") if human in recent.winners else _("You lost")
    if recent.practice:
        result = _("{result} (practice)").format(result=result)
    # Names come from a file: cut to what a cell can show before anything measures or lays them out.
    return [cell_text(text) for text in (date_time_text(recent.finished), recent_game_name(recent, game_name),
                                         opponents, result)]


def recent_game_name(recent, game_name) -> str:
    """The game as the table named it: its rules' own name (a named game with a house rule changed is
    still that game), the preset's name when the record names none."""
    rules = recent.saved.record.get("rules")
    name = rules.get("name") if isinstance(rules, dict) else None
    # Cut before the catalogue looks it up: a damaged file's name may be a megabyte long.
    shown = _(cell_text(name)) if isinstance(name, str) and name else game_name(recent.game)
    return safe_text(shown, max_chars=GAME_NAME_CHARACTERS)


def recent_panel_height(scene, rows: int) -> int:
    """The height the panel needs to show ``rows`` matches."""
    pad = scene.px(16)
    head_h = max(scene.text_h(15) + 10, scene.px(40))
    row_h = max(scene.text_h(15) + 8, scene.px(38))
    heading_h = scene.text_h(14) + scene.px(6)
    return pad // 2 + head_h + scene.px(4) + heading_h + max(1, rows) * row_h + pad // 2


def whole_rows(height: int, row_h: int) -> int:
    """``height`` cut down to a whole number of rows (at least one), so no row shows half."""
    return max(1, height // row_h) * row_h


def build_recent_panel(scene, rect: pygame.Rect, matches, game_name) -> None:
    """The "Recent matches" panel in ``rect`` of a WidgetScene: column headings, a row per match with its
    Replay button, and "Replay a record…" in the heading row, its right edge on the Replay buttons'."""
    panel = scene.frame(rect, name="recent_panel")
    inner = panel.get_container().get_rect()
    pad = scene.px(16)
    head_h = max(scene.text_h(15) + 10, scene.px(40))
    open_text = _("Replay a record…")
    open_w = scene.text_w(open_text, 15) + scene.px(36)
    # The rows' buttons stand clear of the scroll bar; the heading's button ends where they do.
    buttons_right = inner.width - pad - scene.px(12)
    scene.label((pad, pad // 2, buttons_right - open_w - 2 * pad, head_h), _("Recent matches"), "@section",
                container=panel, name="recent_heading")
    scene.button((buttons_right - open_w, pad // 2 + scene.px(3), open_w, head_h - scene.px(6)), open_text,
                 lambda: choose_record(scene.app), style="@small_button", container=panel, name="replay_record")
    top = pad // 2 + head_h + scene.px(4)
    row_h = max(scene.text_h(15) + 8, scene.px(38))
    if not matches:
        scene.label((pad, top, inner.width - 2 * pad, row_h),
                    _("No finished matches yet: finish one and you can replay it here."), "@subtle",
                    container=panel, name="recent_empty")
        return
    rows = [recent_cells(recent, game_name) for recent in matches]
    button_text = _("Replay")
    button_w = scene.text_w(button_text, 15) + scene.px(30)
    usable = buttons_right - button_w - scene.px(12) - pad
    widths = [max([scene.text_w(row[i], 15, bold=i == 0) for row in rows] + [scene.text_w(_(COLUMNS[i]), 14, bold=True)])
              + scene.px(18) for i in range(4)]
    spare = usable - sum(widths)
    if spare >= 0:
        widths[2] += spare  # the opponents' names take the room left
    else:  # too wide: the opponents give way first, then the game
        give = min(-spare, max(0, widths[2] - scene.px(80)))
        widths[2] -= give
        widths[1] += spare + give
    heading_h = scene.text_h(14) + scene.px(6)
    x = pad
    for index, heading in enumerate(COLUMNS):
        scene.label((x, top, widths[index], heading_h), _(heading), "@cell_heading_left", container=panel,
                    name=f"recent_column_{index}")
        x += widths[index]
    top += heading_h
    scroller = scene.add(pygame_gui.elements.UIScrollingContainer(
        pygame.Rect(0, top, inner.width, whole_rows(inner.height - top - pad // 2, row_h)), scene.manager,
        container=panel,
        allow_scroll_x=False, object_id="#recent_rows"))
    scroller.set_scrollable_area_dimensions((inner.width - scene.px(24), len(rows) * row_h))
    scene.replay_buttons = []
    fonts = [scene.app.assets.font(round(15 * scene.app.font_scale), index == 0) for index in range(4)]
    for number, (recent, cells) in enumerate(zip(matches, rows)):
        x = pad
        for index, text in enumerate(cells):
            scene.label((x, number * row_h, widths[index], row_h), fit_text(fonts[index], text, widths[index] - scene.px(12)),
                        "@cell_first" if index == 0 else "@cell_left", container=scroller)
            x += widths[index]
        scene.replay_buttons.append(scene.button(
            (buttons_right - button_w, number * row_h + scene.px(3), button_w, row_h - scene.px(6)),
            button_text, lambda saved=recent.saved, when=cells[0]: open_replay(scene.app, saved, when),
            style="@small_button", container=scroller, name=f"replay_{number}"))


def choose_record(app) -> None:
    """The records dialog, opening a record file to replay."""
    app.go("records", "open", app.folders.records_dir, lambda path: open_record_file(app, path))
