"""Azuki TCG: its Django side (``game.GAME`` says what the app offers for it)."""
