"""The hall on the local network (issue 31): players' pages, hall screens and deputies' result entry, served
from the arbiter's machine by one process that owns the tournament file (:mod:`arbiter_app.hall.app`,
:mod:`arbiter_app.hall.server`).  A shell over the services, like the window and the command line."""
