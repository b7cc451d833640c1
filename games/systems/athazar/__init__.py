"""Deaths of Athazar: its Django side (``game.GAME`` says what the app offers for it)."""
