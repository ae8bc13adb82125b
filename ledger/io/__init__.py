"""Files at the edge: exports, CSV runs, reading input, disk faults."""
