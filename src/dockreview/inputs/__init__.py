"""Files to a Site: the manifest, the layers read and reprojected, CRS handling, S-57 chart cells, DXF surveys.

The first stage of the flow; it imports nothing of the package but the leaves
(:mod:`dockreview.errors`, :mod:`dockreview.profile`). :func:`~dockreview.inputs.site.load_site`
is the one place files are read.
"""
