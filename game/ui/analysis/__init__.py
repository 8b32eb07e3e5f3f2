"""The match analysis screen (every seat's decisions and luck) and its text export."""
