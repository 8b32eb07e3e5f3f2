"""The speed names are defined once (``game.store.settings.Speed``) and every one of them has a pace."""
from game.store import ANIMATION_SPEEDS, Settings, Speed
from game.store.settings import COMPUTER_SPEEDS
from game.ui.scenes.settings import SPEED_LABELS, SPEEDS
from game.ui.table.animation import SPEED_FACTORS, speed_factor
from game.ui.table.scene import PACE, RESULT_DELAY


def test_every_speed_has_a_pace_a_delay_a_factor_and_words():
    """A speed added to the vocabulary cannot be forgotten by the table or the settings screen."""
    for table in (PACE, RESULT_DELAY, SPEED_FACTORS, SPEED_LABELS):
        assert set(table) == set(Speed)
    assert [key for key, _ in SPEEDS] == list(ANIMATION_SPEEDS) == list(COMPUTER_SPEEDS)


def test_speeds_go_from_slow_to_instant():
    """Each step of the choice is quicker than the one before, and "instant" animates nothing."""
    order = list(Speed)
    for table in (PACE, RESULT_DELAY, SPEED_FACTORS):
        values = [table[speed] for speed in order]
        assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert speed_factor(Speed.INSTANT) == 0.0


def test_a_stored_speed_name_finds_its_pace():
    """Settings keep the plain word, as the file writes it; the tables answer to that word."""
    settings = Settings(animation_speed="fast", computer_speed="slow")
    assert type(settings.animation_speed) is str and Settings().computer_speed == "normal"
    assert PACE[settings.computer_speed] == PACE[Speed.SLOW]
    assert speed_factor(settings.animation_speed) == SPEED_FACTORS[Speed.FAST]
