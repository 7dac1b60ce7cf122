package org.sextant.engine.ingest.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a failed download says: the HTTP layer's own words, without a secret or what the server sent. */
class HttpPriceSourceTest {

    @Test
    void aUrlInTheHttpLayersMessageIsMasked() {
        IOException e = new IOException("cannot follow redirect to https://me:PASS@data.example/d.csv?ticker=msft.us&key=KEY2#part");
        assertEquals("cannot follow redirect to https://***@data.example/d.csv?ticker=***&key=***#***", HttpPriceSource.reason(e, "KEY1"));
    }

    @Test
    void whatTheServerSentIsNeverQuoted() {
        assertEquals("the server's answer is not valid HTTP",
                HttpPriceSource.reason(new java.net.ProtocolException("Invalid header name \"root:x:0:0\""), null));
        assertEquals("the answer's chunked transfer encoding is broken",
                HttpPriceSource.reason(new IOException("Chunk header size too long: root:x:0:0"), null));
        assertEquals("the connection failed before the answer was complete",
                HttpPriceSource.reason(new IOException("unexpected \"root:x:0:0\""), null));
        // a wrapped cause's message is its class name: no reason to show a user
        assertEquals("the connection failed before the answer was complete",
                HttpPriceSource.reason(new IOException(new java.io.EOFException("x")), null));
    }

    @Test
    void onlyTheValuesSextantFillsInShow() {
        assertEquals("https://stooq.com/q/d/l/?s={symbol}&i=***", HttpPriceSource.masked("https://stooq.com/q/d/l/?s={symbol}&i=d", Set.of("{symbol}")));
        assertEquals("https://***@h/a@b?***&k=&f={from}", HttpPriceSource.masked("https://u:p@ss@h/a@b?BARE&k=&f={from}", Set.of("{from}")));
        assertEquals("h.example/x?k=***", HttpPriceSource.masked("h.example/x?k=v", Set.of()));
    }
}
