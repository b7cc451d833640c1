"""Azeroth at War rules engines: attack odds (combat), morale, magic and blast."""
