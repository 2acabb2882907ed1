"""The memory inspector's panels (one module each) and their shared widgets."""
