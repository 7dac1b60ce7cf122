package org.sextant.engine.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** The dates of an embedded sample file ("/sample/nyse_composite.csv"), in file order: its first column, quoted. */
public final class SampleDates {
    private SampleDates() {}

    public static List<LocalDate> of(String resource) {
        List<LocalDate> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                SampleDates.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line; (line = in.readLine()) != null; ) out.add(LocalDate.parse(line.substring(1, 11)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
