package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A key a person wrote into a provider's URL stays on the machine wherever the URL is shown; what locates prices still shows. */
class UrlMaskTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // a key as a path segment: long, letters and digits mixed
            "https://api.example.com/v2/a1B2c3D4e5F6g7H8i9J0kLm/daily/{symbol}.csv | https://api.example.com/v2/***/daily/{symbol}.csv",
            // a segment named key or token: the next one is the key, whatever it looks like
            "https://data.example.com/apikey/hunter2/{symbol}?from={from}          | https://data.example.com/apikey/***/{symbol}?from={from}",
            "https://data.example.com/token/abc/prices                              | https://data.example.com/token/***/prices",
            // what locates prices stays readable: dates, words, tickers, placeholders
            "https://stooq.com/q/d/l/?s={symbol}&i=d                                | https://stooq.com/q/d/l/?s={symbol}&i=***",
            "https://example.com/history/2024-01-31/BRK-B.US/daily_prices.csv       | https://example.com/history/2024-01-31/BRK-B.US/daily_prices.csv",
            "https://example.com/{api_key}/daily/{symbol}                           | https://example.com/{api_key}/daily/{symbol}",
            "https://me:pw@example.com/a1B2c3D4e5F6g7H8i9J0kLm                       | https://***@example.com/***",
            "not a url/a1B2c3D4e5F6g7H8i9J0kLm                                      | not a url/***",
            // attack 23 M2: a matrix parameter, a shorter hex key, a key=value segment
            "https://data.example.com/v2;token=Sup3rS3cretTok/{symbol}.csv         | https://data.example.com/v2;token=***/{symbol}.csv",
            "https://data.example.com/k/0123456789abcdef/{symbol}.csv               | https://data.example.com/k/***/{symbol}.csv",
            "https://data.example.com/key=ABCDEFGHIJKLMNOPQRSTUVWXYZ/{symbol}       | https://data.example.com/key=***/{symbol}",
            "https://data.example.com/p;s={symbol}/x                                | https://data.example.com/p;s={symbol}/x",
            "https://data.example.com/acct/123456789012345678901234/{symbol}        | https://data.example.com/acct/***/{symbol}"})
    void keysInThePathAreMaskedAndTheRestShows(String url, String shown) {
        assertEquals(shown, UrlMask.masked(url, Set.of()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "https://example.com/q/MSFT2024LONGTICKERNAME1/x | MSFT2024LONGTICKERNAME1 | https://example.com/q/MSFT2024LONGTICKERNAME1/x"})
    void aValueSextantFilledInShowsEvenWhenItLooksLikeAKey(String url, String filled, String shown) {
        assertEquals(shown, UrlMask.masked(url, Set.of(filled)));
    }
}
