"""Rune Age: cards as data, the table tracker and its legal actions."""
