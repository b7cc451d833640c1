"""What the list builder pages share: reading a list from the query string and writing it back."""
