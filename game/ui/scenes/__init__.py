"""The menu scenes: main menu, new game, rules, settings, statistics, pause, and notices."""
