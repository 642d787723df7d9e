"""Homesteaders."""
