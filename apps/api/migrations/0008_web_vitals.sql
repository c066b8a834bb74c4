-- Core Web Vitals of real visits (issue 17, field data). One row per metric of a page view; no
-- user, no address, no URL: the page is a route pattern and the device a class.
CREATE TABLE web_vitals (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- web-vitals' id of the metric: a page hidden twice reports the same metric again, updated.
  metric_id       text NOT NULL UNIQUE,
  page            text NOT NULL CHECK (char_length(page) <= 100),
  device          text NOT NULL CHECK (device IN ('phone', 'desktop')),
  metric          text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS', 'TTFB')),
  value           double precision NOT NULL CHECK (value >= 0),
  rating          text NOT NULL CHECK (rating IN ('good', 'needs-improvement', 'poor')),
  navigation_type text NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now()
);

-- The summary reads the last 28 days grouped by page, device and metric, and the pruning deletes
-- what is older: both walk this index by time, and the summary finds its columns in it.
CREATE INDEX web_vitals_recorded_at_idx
  ON web_vitals (recorded_at) INCLUDE (page, device, metric, value);
