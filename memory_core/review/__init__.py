"""The review inbox: uncertain L2 decisions applied provisionally, for the user to approve,
reject (revert) or split, with every decision recorded and undoable. See ``service.py``."""
