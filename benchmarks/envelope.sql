-- The per-lot envelope of the screen in PostGIS (Kings Point Docks B, C, D(1)), for the benchmark.
--
-- Inputs, loaded by ogr2ogr from the same GeoPackage the screen reads (EPSG:2263, feet):
--   parcels (fid, parcel_id, prop_class, geom), mhw (geom), channels (geom), docks (dock_id, component, geom).
-- Output: table result, one row per waterfront lot, the screen's columns: frontage_ft, required_setback_ft,
-- band_width_ft, envelope_area_sqft, greatest_reach_ft, existing_docks, eligible.
--
-- The riparian lines as the README reads them, for lots whose water run is one run of boundary vertices:
-- the side lines run from the run's ends landward to the first bend sharper than 50 degrees, their extensions
-- along the last course; the water corners are where side line or extension meets the MHW line; the frontage
-- is the MHW line between them; the lot's water lies between the extensions. The envelope is that water
-- within 200 ft of the frontage, farther than the setback (the greater of 40 % of the frontage and 60 ft)
-- from either side line, and 50 ft clear of every channel and every other dock. The greatest reach is taken
-- at the envelope's vertices. Every step is a CREATE TABLE AS with its spatial index, so the planner can run
-- the heavy ones in parallel workers.

-- EPSG:2263 is in US survey feet; the screen reports international feet: lengths are multiplied by :ft, and
-- limits in feet divided by it (psql -v ft=1 for a CRS in international feet).
\if :{?ft}
\else
\set ft 1.0000020000040002
\endif
\set tolerance '(5.0 / :ft)'
\set reach '(200.0 / :ft)'
\set clearance '(50.0 / :ft)'

DROP TABLE IF EXISTS shore, piece, dock, lot, vtx, ends, side, corner, rip, band, result;

-- the MHW line, merged into one line per shore, then cut into pieces of 64 vertices with their place along it
-- (a shore of tens of thousands of vertices is never measured whole: each look-up reads the pieces near it)
CREATE TABLE shore AS
SELECT row_number() OVER () AS sid, geom
FROM (SELECT (ST_Dump(ST_LineMerge(ST_Union(geom)))).geom AS geom FROM mhw) d;
CREATE TABLE piece AS
WITH pts AS (
  SELECT sid, (dp).path[1] - 1 AS k, (dp).geom AS pt FROM shore, LATERAL ST_DumpPoints(geom) dp
), tagged AS (
  SELECT sid, k, pt, k / 64 AS ord FROM pts
  UNION ALL
  SELECT sid, k, pt, k / 64 - 1 FROM pts WHERE k % 64 = 0 AND k > 0
)
SELECT sid, ord, ST_MakeLine(pt ORDER BY k) AS geom FROM tagged GROUP BY sid, ord HAVING count(*) > 1;
ALTER TABLE piece ADD COLUMN start double precision, ADD COLUMN length double precision;
UPDATE piece SET length = ST_Length(geom);
UPDATE piece p SET start = s.start FROM (
  SELECT sid, ord, sum(length) OVER (PARTITION BY sid ORDER BY ord) - length AS start FROM piece
) s WHERE s.sid = p.sid AND s.ord = p.ord;
CREATE INDEX ON piece USING gist (geom);
CREATE INDEX ON piece (sid, ord);
ANALYZE piece;

-- each dock (its features united) and its landward end: its point nearest the MHW line
CREATE TABLE dock AS
SELECT d.dock_id, d.geom, ST_ClosestPoint(d.geom, s.geom) AS root
FROM (SELECT dock_id, ST_Union(geom) AS geom FROM docks GROUP BY dock_id) d
CROSS JOIN LATERAL (SELECT geom FROM piece ORDER BY piece.geom <-> d.geom LIMIT 1) s;
CREATE INDEX ON dock USING gist (geom);
CREATE INDEX ON dock USING gist (root);
ANALYZE dock;

-- the waterfront lots: parcels within the tolerance of the MHW line, with their shore; a parcel drawn invalid
-- (a bow-tie) is repaired, and of a parcel in several parts the largest part within the tolerance is the lot
CREATE TABLE lot AS
WITH near AS MATERIALIZED (
  SELECT p.fid, p.parcel_id, p.prop_class,
         CASE WHEN ST_IsValid(p.geom) THEN p.geom ELSE ST_CollectionExtract(ST_MakeValid(p.geom), 3) END AS geom
  FROM parcels p WHERE EXISTS (SELECT 1 FROM piece WHERE ST_DWithin(p.geom, piece.geom, :tolerance))
)
SELECT n.fid, n.parcel_id, n.prop_class, g.geom, s.sid
FROM near n
CROSS JOIN LATERAL (
  SELECT d.geom FROM ST_Dump(n.geom) d
  WHERE EXISTS (SELECT 1 FROM piece WHERE ST_DWithin(d.geom, piece.geom, :tolerance))
  ORDER BY ST_Area(d.geom) DESC LIMIT 1
) g
CROSS JOIN LATERAL (
  SELECT sid FROM piece WHERE ST_DWithin(g.geom, piece.geom, :tolerance) ORDER BY piece.geom <-> g.geom LIMIT 1
) s;
CREATE INDEX ON lot (fid);
ANALYZE lot;

-- the ring's vertices (its closing vertex left out): on the water or not, and the turn of the boundary there
CREATE TABLE vtx AS
WITH pts AS MATERIALIZED (
  SELECT l.fid, (dp).path[1] AS k, (dp).geom AS pt, ST_NPoints(ST_ExteriorRing(l.geom)) - 1 AS n
  FROM lot l, LATERAL ST_DumpPoints(ST_ExteriorRing(l.geom)) dp
), ring AS MATERIALIZED (
  SELECT fid, k, n, pt, EXISTS (SELECT 1 FROM piece WHERE ST_DWithin(pt, piece.geom, :tolerance)) AS wet FROM pts WHERE k <= n
)
SELECT fid, k, n, pt, wet,
       COALESCE(lag(pt) OVER w, last_value(pt) OVER wall) AS prv,
       COALESCE(lead(pt) OVER w, first_value(pt) OVER wall) AS nxt,
       COALESCE(lag(wet) OVER w, last_value(wet) OVER wall) AS prv_wet,
       COALESCE(lead(wet) OVER w, first_value(wet) OVER wall) AS nxt_wet
FROM ring
WINDOW w AS (PARTITION BY fid ORDER BY k),
       wall AS (PARTITION BY fid ORDER BY k ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);
ALTER TABLE vtx ADD COLUMN turn double precision;
UPDATE vtx SET turn = degrees(abs(ST_Azimuth(pt, nxt) - ST_Azimuth(prv, pt)));
UPDATE vtx SET turn = 360.0 - turn WHERE turn > 180.0;
CREATE INDEX ON vtx (fid, k);
ANALYZE vtx;

-- the water run's first and last vertices (lots with one run)
CREATE TABLE ends AS
SELECT fid, n, max(k) FILTER (WHERE wet AND NOT prv_wet) AS s, max(k) FILTER (WHERE wet AND NOT nxt_wet) AS e
FROM vtx GROUP BY fid, n
HAVING count(*) FILTER (WHERE wet AND NOT prv_wet) = 1;

-- each side line, landward corner first: from the run's end back round the ring to the first sharp bend
CREATE TABLE side AS
WITH walk AS (
  SELECT v.fid, 'a' AS which, v.pt, v.turn, v.wet, (x.s - v.k + v.n) % v.n AS steps FROM vtx v JOIN ends x USING (fid)
  UNION ALL
  SELECT v.fid, 'b', v.pt, v.turn, v.wet, (v.k - x.e + v.n) % v.n FROM vtx v JOIN ends x USING (fid)
), corner AS (
  SELECT fid, which, min(steps) AS last FROM walk WHERE steps > 0 AND NOT wet AND turn > 50.0 GROUP BY fid, which
)
SELECT w.fid, w.which,
       ST_MakeLine(w.pt ORDER BY w.steps DESC) AS line,
       (array_agg(w.pt ORDER BY w.steps))[1] AS water_end,
       ST_Azimuth((array_agg(w.pt ORDER BY w.steps))[2], (array_agg(w.pt ORDER BY w.steps))[1]) AS azimuth
FROM walk w JOIN corner c USING (fid, which)
WHERE w.steps <= c.last
GROUP BY w.fid, w.which;

-- the water corners: where each side line or its extension meets the MHW line, nearest the side's water end,
-- and their places along the shore (the piece nearest them, and the distance along it)
CREATE TABLE corner AS
WITH ray AS MATERIALIZED (
  SELECT s.fid, s.which, s.water_end, s.azimuth,
         ST_MakeLine(s.line, ST_Translate(s.water_end, 1000.0 / :ft * sin(s.azimuth), 1000.0 / :ft * cos(s.azimuth))) AS line
  FROM side s
), hit AS MATERIALIZED (
  SELECT r.fid, r.which, r.azimuth,
         (SELECT d.geom FROM piece p, LATERAL ST_Dump(ST_Intersection(r.line, p.geom)) d
          WHERE ST_Intersects(r.line, p.geom) ORDER BY ST_Distance(d.geom, r.water_end) LIMIT 1) AS pt
  FROM ray r
)
SELECT h.fid, h.which, h.azimuth, h.pt, p.sid, p.ord, p.start + ST_LineLocatePoint(p.geom, h.pt) * p.length AS m
FROM hit h CROSS JOIN LATERAL (SELECT sid, ord, start, length, geom FROM piece ORDER BY piece.geom <-> h.pt LIMIT 1) p
WHERE h.pt IS NOT NULL;

-- the riparian geometry: the frontage (the MHW line between the corners), side lines with their extensions,
-- and the lot's water between the extensions
CREATE TABLE rip AS
WITH pair AS MATERIALIZED (
  SELECT l.fid, l.parcel_id, l.prop_class, l.geom, a.pt AS ca, b.pt AS cb, a.azimuth AS az_a, b.azimuth AS az_b,
         sa.line AS line_a, sb.line AS line_b, a.sid, least(a.ord, b.ord) AS lo, greatest(a.ord, b.ord) AS hi,
         least(a.m, b.m) AS m0, greatest(a.m, b.m) AS m1, a.m > b.m AS reversed
  FROM lot l
  JOIN corner a ON a.fid = l.fid AND a.which = 'a' JOIN corner b ON b.fid = l.fid AND b.which = 'b'
  JOIN side sa ON sa.fid = l.fid AND sa.which = 'a' JOIN side sb ON sb.fid = l.fid AND sb.which = 'b'
  WHERE a.sid = b.sid AND a.m <> b.m
), stretch AS MATERIALIZED (
  SELECT q.*, s.geom AS line, s.start AS s0
  FROM pair q CROSS JOIN LATERAL (
    SELECT ST_MakeLine(p.geom ORDER BY p.ord) AS geom, min(p.start) AS start FROM piece p WHERE p.sid = q.sid AND p.ord BETWEEN q.lo AND q.hi
  ) s
), front AS MATERIALIZED (
  SELECT *, ST_LineSubstring(line, greatest((m0 - s0) / ST_Length(line), 0.0), least((m1 - s0) / ST_Length(line), 1.0)) AS along
  FROM stretch
), sized AS MATERIALIZED (
  SELECT *, CASE WHEN reversed THEN ST_Reverse(along) ELSE along END AS frontage, ST_Length(along) * :ft AS frontage_ft,
         greatest(0.4 * ST_Length(along) * :ft, 60.0) AS setback_ft,
         2.0 * (:reach + greatest(0.4 * ST_Length(along) * :ft, 60.0) / :ft + ST_Length(along)) AS far
  FROM front
), drawn AS MATERIALIZED (
  SELECT *, ST_Translate(ca, far * sin(az_a), far * cos(az_a)) AS far_a, ST_Translate(cb, far * sin(az_b), far * cos(az_b)) AS far_b
  FROM sized
)
SELECT fid, parcel_id, prop_class, geom, frontage, frontage_ft, setback_ft,
       ST_MakeLine(line_a, far_a) AS side_a, ST_MakeLine(line_b, far_b) AS side_b,
       (SELECT d.geom FROM ST_Dump(ST_MakeValid(ST_MakePolygon(ST_MakeLine(ARRAY[far_a, frontage, far_b, far_a])))) d
        WHERE ST_Dimension(d.geom) = 2
        ORDER BY ST_Distance(d.geom, ST_LineInterpolatePoint(frontage, 0.5)), ST_Area(d.geom) DESC LIMIT 1) AS zone
FROM drawn;
CREATE INDEX ON rip USING gist (zone);
ANALYZE rip;

-- the band: the lot's water within the reach of the frontage, outside both setback strips; the lot's own docks
CREATE TABLE band AS
WITH strips AS MATERIALIZED (
  SELECT *, ST_Union(ST_Buffer(side_a, setback_ft / :ft), ST_Buffer(side_b, setback_ft / :ft)) AS strips FROM rip
)
SELECT s.fid, s.parcel_id, s.prop_class, s.geom, s.frontage, s.frontage_ft, s.setback_ft, s.zone,
       ST_Length(ST_Difference(s.frontage, s.strips)) * :ft AS band_width_ft,
       ST_Difference(ST_Intersection(s.zone, ST_Buffer(s.frontage, :reach, 'quad_segs=32')), s.strips) AS band,
       ARRAY(SELECT d.dock_id FROM dock d
             WHERE d.root && ST_Expand(ST_Collect(s.geom, s.zone), :tolerance)
               AND (ST_Intersects(s.geom, d.root) OR ST_DWithin(s.frontage, d.root, :tolerance)
                    OR ST_ContainsProperly(ST_Buffer(s.zone, -(:tolerance)), d.root))) AS own
FROM strips s;
CREATE INDEX ON band USING gist (band);
ANALYZE band;

-- the envelope: the band kept clear of the channels and the other docks; its area and greatest reach
CREATE TABLE result AS
WITH clear AS MATERIALIZED (
  SELECT b.*,
         (SELECT ST_Union(ST_Buffer(o.geom, :clearance, 'quad_segs=32')) FROM (
             SELECT c.geom FROM channels c WHERE ST_DWithin(b.band, c.geom, :clearance)
             UNION ALL
             SELECT d.geom FROM dock d WHERE ST_DWithin(b.band, d.geom, :clearance) AND NOT d.dock_id = ANY (b.own)
          ) o) AS keep_off
  FROM band b
), envelope AS MATERIALIZED (
  SELECT *, CASE WHEN keep_off IS NULL THEN band ELSE ST_Difference(band, keep_off) END AS envelope FROM clear
)
SELECT parcel_id, frontage_ft, setback_ft AS required_setback_ft, band_width_ft,
       ST_Area(envelope) * :ft * :ft AS envelope_area_sqft,
       COALESCE((SELECT max(ST_Distance(p.geom, frontage)) FROM ST_DumpPoints(envelope) p), 0.0) * :ft AS greatest_reach_ft,
       cardinality(own) AS existing_docks,
       (prop_class IN ('210', '215', '250') AND frontage_ft >= 150.0 AND band_width_ft > 0 AND ST_Area(band) > 0
        AND ST_Area(envelope) > 0) AS eligible
FROM envelope;
