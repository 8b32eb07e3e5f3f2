"""How the game looks: one palette, the scale of things for a window size, and the painted shapes.

Nothing here imports pygame on import of the package itself, so the App can read the scale
before the headless video driver is chosen.
"""
