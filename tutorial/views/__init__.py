"""The pages of the app (kept thin: they lay out components and call services)."""
