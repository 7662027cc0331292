"""Leaves that draw or write what a Review holds: the exhibit, the evidence sheet, the report, GIS layers, files.

Nothing here measures or decides: a pass or a fail, a limit and a margin are
read from the review's CheckResults.
"""
