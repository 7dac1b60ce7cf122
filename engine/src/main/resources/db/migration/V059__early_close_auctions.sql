-- Early closes in resample_bars. On Xetra's year-end day (14:00 Berlin), London's half days (12:30 on the last weekdays before
-- 25 December and 1 January) and Euronext's 24 and 31 December (14:00 Paris) the closing auction starts at the early close:
-- its bars now fall in the day's last bucket, as the regular day's auction does (V058 gave them a bucket of their own, a
-- 30m read of London's 24 December ended with a 12:30 bar holding only the auction), and bars from the auction's end
-- (12:35, 14:05) are after the close. session_early_closes holds each such day 1990-2100 with its auction's start and
-- last instant, as the engine's calendars (XetraCalendar, LseCalendar, EuronextCalendar) give them (EarlyCloseTableTest
-- compares the two); a day without a row keeps the session's regular hours. price_bars is unchanged (a daily price's
-- time does not depend on the close); resample_bars of V058 is replaced with the day's auction instead of a fixed one.
CREATE TABLE session_early_closes(session VARCHAR NOT NULL, day DATE NOT NULL, auction_at TIME NOT NULL, close_at TIME NOT NULL, PRIMARY KEY (session, day));
COMMENT ON TABLE session_early_closes IS 'Trading days a session closes early (its clock''s date): auction_at, where its closing auction starts (the early close), close_at, the auction''s last instant. Read by resample_bars; a day without a row has the session''s regular hours.';
INSERT INTO session_early_closes VALUES
    ('eu_equity', DATE '1990-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '1991-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '1992-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '1993-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '1994-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '1995-12-29', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '1996-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '1997-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '1998-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '1999-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2000-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2001-12-28', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2002-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2003-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2004-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2005-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2006-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2007-12-28', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2008-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2009-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2010-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2011-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2012-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2013-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2014-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2015-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2016-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2017-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2018-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2019-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2020-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2021-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2022-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2023-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2024-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2025-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2026-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2027-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2028-12-29', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2029-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2030-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2031-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2032-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2033-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2034-12-29', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2035-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2036-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2037-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2038-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2039-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2040-12-28', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2041-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2042-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2043-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2044-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2045-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2046-12-28', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2047-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2048-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2049-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2050-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2051-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2052-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2053-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2054-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2055-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2056-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2057-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2058-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2059-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2060-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2061-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2062-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2063-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2064-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2065-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2066-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2067-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2068-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2069-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2070-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2071-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2072-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2073-12-29', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2074-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2075-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2076-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2077-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2078-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2079-12-29', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2080-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2081-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2082-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2083-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2084-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2085-12-28', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2086-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2087-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2088-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2089-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2090-12-29', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2091-12-28', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2092-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2093-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2094-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2095-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2096-12-28', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2097-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('eu_equity', DATE '2098-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2099-12-30', TIME '14:00', TIME '14:04:59.999999'), ('eu_equity', DATE '2100-12-30', TIME '14:00', TIME '14:04:59.999999'),
    ('lse', DATE '1990-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1990-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1991-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '1991-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1992-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1992-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '1993-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1993-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1994-12-23', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '1994-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1995-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1995-12-29', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '1996-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1996-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1997-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '1997-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1998-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1998-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '1999-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '1999-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2000-12-22', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2000-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2001-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2001-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2002-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2002-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2003-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2003-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2004-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2004-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2005-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2005-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2006-12-22', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2006-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2007-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2007-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2008-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2008-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2009-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2009-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2010-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2010-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2011-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2011-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2012-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2012-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2013-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2013-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2014-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2014-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2015-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2015-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2016-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2016-12-30', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2017-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2017-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2018-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2018-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2019-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2019-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2020-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2020-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2021-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2021-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2022-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2022-12-30', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2023-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2023-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2024-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2024-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2025-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2025-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2026-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2026-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2027-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2027-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2028-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2028-12-29', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2029-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2029-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2030-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2030-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2031-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2031-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2032-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2032-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2033-12-23', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2033-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2034-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2034-12-29', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2035-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2035-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2036-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2036-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2037-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2037-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2038-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2038-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2039-12-23', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2039-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2040-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2040-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2041-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2041-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2042-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2042-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2043-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2043-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2044-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2044-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2045-12-22', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2045-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2046-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2046-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2047-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2047-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2048-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2048-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2049-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2049-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2050-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2050-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2051-12-22', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2051-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2052-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2052-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2053-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2053-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2054-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2054-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2055-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2055-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2056-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2056-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2057-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2057-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2058-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2058-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2059-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2059-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2060-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2060-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2061-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2061-12-30', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2062-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2062-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2063-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2063-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2064-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2064-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2065-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2065-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2066-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2066-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2067-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2067-12-30', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2068-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2068-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2069-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2069-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2070-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2070-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2071-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2071-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2072-12-23', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2072-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2073-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2073-12-29', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2074-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2074-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2075-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2075-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2076-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2076-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2077-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2077-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2078-12-23', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2078-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2079-12-22', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2079-12-29', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2080-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2080-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2081-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2081-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2082-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2082-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2083-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2083-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2084-12-22', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2084-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2085-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2085-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2086-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2086-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2087-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2087-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2088-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2088-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2089-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2089-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2090-12-22', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2090-12-29', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2091-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2091-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2092-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2092-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2093-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2093-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2094-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2094-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2095-12-23', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2095-12-30', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2096-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2096-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2097-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2097-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2098-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2098-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2099-12-24', TIME '12:30', TIME '12:34:59.999999'),
    ('lse', DATE '2099-12-31', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2100-12-24', TIME '12:30', TIME '12:34:59.999999'), ('lse', DATE '2100-12-31', TIME '12:30', TIME '12:34:59.999999'),
    ('euronext', DATE '1990-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1990-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1991-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '1991-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1992-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1992-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '1993-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1993-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1996-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '1996-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1997-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1997-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '1998-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1998-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '1999-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '1999-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2001-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2001-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2002-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2002-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2003-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2003-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2004-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2004-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2007-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2007-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2008-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2008-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2009-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2009-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2010-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2010-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2012-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2012-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2013-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2013-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2014-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2014-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2015-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2015-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2018-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2018-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2019-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2019-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2020-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2020-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2021-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2021-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2024-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2024-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2025-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2025-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2026-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2026-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2027-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2027-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2029-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2029-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2030-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2030-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2031-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2031-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2032-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2032-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2035-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2035-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2036-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2036-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2037-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2037-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2038-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2038-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2040-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2040-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2041-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2041-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2042-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2042-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2043-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2043-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2046-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2046-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2047-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2047-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2048-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2048-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2049-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2049-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2052-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2052-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2053-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2053-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2054-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2054-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2055-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2055-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2057-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2057-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2058-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2058-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2059-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2059-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2060-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2060-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2063-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2063-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2064-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2064-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2065-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2065-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2066-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2066-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2068-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2068-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2069-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2069-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2070-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2070-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2071-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2071-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2074-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2074-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2075-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2075-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2076-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2076-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2077-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2077-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2080-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2080-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2081-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2081-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2082-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2082-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2083-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2083-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2085-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2085-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2086-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2086-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2087-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2087-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2088-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2088-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2091-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2091-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2092-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2092-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2093-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2093-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2094-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2094-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2096-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2096-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2097-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2097-12-31', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2098-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2098-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2099-12-24', TIME '14:00', TIME '14:04:59.999999'),
    ('euronext', DATE '2099-12-31', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2100-12-24', TIME '14:00', TIME '14:04:59.999999'), ('euronext', DATE '2100-12-31', TIME '14:00', TIME '14:04:59.999999');
CREATE OR REPLACE MACRO resample_bars(sym, from_interval, to_interval) AS TABLE
WITH intervals AS (
    SELECT ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1mo'] AS names
), request AS (
    SELECT CASE
        WHEN list_position(names, from_interval) IS NULL THEN error('resample_bars: unknown interval ' || from_interval || '; use one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo')
        WHEN list_position(names, to_interval) IS NULL THEN error('resample_bars: unknown interval ' || to_interval || '; use one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo')
        WHEN list_position(names, to_interval) < list_position(names, from_interval) THEN error('resample_bars: ' || to_interval || ' is finer than ' || from_interval || '; resample only to a coarser interval')
        ELSE coalesce((SELECT any_value(session) FROM symbol_sessions WHERE symbol = sym), 'continuous') END AS session,
        list_position(names, from_interval) >= 7 AS daily_source
    FROM intervals
), rule AS (
    SELECT session, daily_source,
        CASE session WHEN 'continuous' THEN 'UTC' WHEN 'eu_equity' THEN 'Europe/Berlin' WHEN 'six' THEN 'Europe/Zurich' WHEN 'lse' THEN 'Europe/London' WHEN 'euronext' THEN 'Europe/Paris' ELSE 'America/New_York' END AS tz,
        CASE session WHEN 'fx' THEN INTERVAL 7 HOUR ELSE INTERVAL 0 HOUR END AS shift,
        -- intraday buckets start at the session's open: 17:00 New York (fx, shifted to 00:00), 09:30 (us_equity), 09:00 Berlin, Zurich or Paris, 08:00 London
        TIMESTAMP '2000-01-03 00:00' + CASE session WHEN 'us_equity' THEN INTERVAL 570 MINUTE WHEN 'eu_equity' THEN INTERVAL 540 MINUTE
            WHEN 'six' THEN INTERVAL 540 MINUTE WHEN 'lse' THEN INTERVAL 480 MINUTE WHEN 'euronext' THEN INTERVAL 540 MINUTE ELSE INTERVAL 0 MINUTE END AS origin,
        -- an equity session's intraday hours on its clock with its closing auction (NULL: every hour of a weekday)
        CASE session WHEN 'us_equity' THEN TIME '09:30' WHEN 'eu_equity' THEN TIME '09:00' WHEN 'six' THEN TIME '09:00' WHEN 'lse' THEN TIME '08:00' WHEN 'euronext' THEN TIME '09:00' END AS open_at,
        CASE session WHEN 'us_equity' THEN TIME '15:59:59.999999' WHEN 'eu_equity' THEN TIME '17:34:59.999999' WHEN 'six' THEN TIME '17:34:59.999999'
            WHEN 'lse' THEN TIME '16:34:59.999999' WHEN 'euronext' THEN TIME '17:34:59.999999' END AS close_at,
        -- where the closing auction starts: its bars are bucketed as the last instant before it
        CASE session WHEN 'eu_equity' THEN TIME '17:30' WHEN 'six' THEN TIME '17:20' WHEN 'lse' THEN TIME '16:30' WHEN 'euronext' THEN TIME '17:30' END AS auction_at
    FROM request
), source AS (
    SELECT p.ts, coalesce(p.open, p.close) AS o, coalesce(p.high, p.close) AS h, coalesce(p.low, p.close) AS l, p.close AS c, p.volume AS v,
        r.session, r.tz, r.shift, r.origin, r.open_at, r.close_at, r.auction_at, r.daily_source,
        CASE WHEN r.daily_source AND from_interval <> '1d' THEN p.ts ELSE timezone(r.tz, timezone('UTC', p.ts)) + r.shift END AS shifted
    FROM price_bars p, rule r
    WHERE p.symbol = sym AND p.interval = from_interval
), dated AS (
    -- the day's auction and close: an early close's when the day has one, else the session's
    SELECT s.* REPLACE (coalesce(e.auction_at, s.auction_at) AS auction_at, coalesce(e.close_at, s.close_at) AS close_at)
    FROM source s LEFT JOIN session_early_closes e ON e.session = s.session AND e.day = CAST(s.shifted AS DATE) AND NOT s.daily_source
), in_session AS (
    SELECT *, CAST(shifted AS DATE) AS trading_day,
        CASE WHEN NOT daily_source AND CAST(shifted AS TIME) >= auction_at
            THEN CAST(shifted AS DATE) + (auction_at - INTERVAL 1 MICROSECOND) ELSE shifted END AS placed
    FROM dated
    WHERE session = 'continuous'
       OR (dayofweek(CAST(shifted AS DATE)) BETWEEN 1 AND 5
           AND (open_at IS NULL OR daily_source OR CAST(shifted AS TIME) BETWEEN open_at AND close_at))
), bucketed AS (
    SELECT *, CASE to_interval
        WHEN '1d' THEN CAST(trading_day AS TIMESTAMP)
        WHEN '1w' THEN CAST(date_trunc('week', trading_day) AS TIMESTAMP)
        WHEN '1mo' THEN CAST(date_trunc('month', trading_day) AS TIMESTAMP)
        ELSE time_bucket(CASE to_interval WHEN '1m' THEN INTERVAL 1 MINUTE WHEN '5m' THEN INTERVAL 5 MINUTE
            WHEN '15m' THEN INTERVAL 15 MINUTE WHEN '30m' THEN INTERVAL 30 MINUTE WHEN '1h' THEN INTERVAL 1 HOUR
            ELSE INTERVAL 4 HOUR END, placed, origin) END AS bucket
    FROM in_session
)
SELECT sym AS symbol, to_interval AS interval,
    timezone('UTC', timezone(any_value(tz), bucket - any_value(shift))) AS ts,
    CAST(min(trading_day) AS DATE) AS date,
    arg_min(o, ts) AS open, max(h) AS high, min(l) AS low, arg_max(c, ts) AS close, sum(v) AS volume, count(*) AS bars
FROM bucketed
GROUP BY bucket
ORDER BY bucket;
