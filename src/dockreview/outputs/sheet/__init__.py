"""The sheet kit: what the site-plan exhibit and the Board evidence sheet share.

``draw`` (shapely geometry onto matplotlib axes), ``text`` (text measured as the
renderer sets it, and wrapped to a width), ``labels`` (the one label placer: no
label over another, over what must stay visible, or off the axes), ``page`` (the
exhibit page's panels, the one view-fitting function at an engineer's scale, and
saving a sheet whole or not at all) and ``furniture`` (north arrow, scale bar and
locator inset, set in the corner where they hide the least).
"""
