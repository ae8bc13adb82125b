"""Words at the edge: gettext catalogues, summaries rendered from facts, display widths."""
