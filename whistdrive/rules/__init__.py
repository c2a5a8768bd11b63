"""The whist rules engine: cards, the deal, play, honours and every scoring rule. No Django import."""
