"""The Board-evidence measures (Docks H; Art. VIII, waivers): computed once per review, read by every sheet."""

from dockreview.evidence.measures import Evidence, Measure, gather, layers, report_rows

__all__ = ["Evidence", "Measure", "gather", "layers", "report_rows"]
