-- The first and last time of the stored bars when an open last gave their years outside 1990-2100 early closes
-- (EarlyCloseYears.addForStoredBars): while they are the same the next open skips its pass over the bars' times, since
-- every import adds the early closes of its own years. One row, or none before the first check.
CREATE TABLE early_closes_checked (
    first_bar TIMESTAMP,
    last_bar  TIMESTAMP
);
COMMENT ON TABLE early_closes_checked IS 'The first and last time of the stored bars when the store last added early closes of their years outside 1990-2100 at open; an open skips that pass over the bars while both are the same.';
