"""Pionjär."""
