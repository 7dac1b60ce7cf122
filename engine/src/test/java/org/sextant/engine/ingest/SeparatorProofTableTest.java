package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

/**
 * The table of what proves which separator ({@link SeparatorProof}): every form against every number it must and must not
 * take, then the decisions and refusals read from it in small files (review of stop 54: a rule that read "28,868" without its
 * leading digit stored "0,125" as 125, attack 28 F1).
 */
class SeparatorProofTableTest {
    @TempDir Path tmp;

    /** Each number and the one form it has (null: none, it proves nothing). */
    private static final Map<String, SeparatorProof> FORMS = new LinkedHashMap<>();

    static {
        for (String n : new String[] {"22,622", "1,070", "28,868", "+1,234", "-999,000"}) FORMS.put(n, SeparatorProof.COMMA_BEFORE_THREE);
        for (String n : new String[] {"28,868.80", "251,820,000", "1,002.10", "-1,234,567.5"}) FORMS.put(n, SeparatorProof.COMMAS_BETWEEN_THOUSANDS);
        for (String n : new String[] {"0,125", "-0,125", "22,7", "1,2345", "1234,567", "1.234,56", "17.050,25", "1.234.567,5"}) FORMS.put(n, SeparatorProof.DECIMAL_COMMA);
        for (String n : new String[] {"1'234,56", "1 234,56", "1\u00A0234,5", "1\u202F234\u202F567,5"}) FORMS.put(n, SeparatorProof.GROUPED_DECIMAL_COMMA);
        for (String n : new String[] {"1.234.567", "0.123.456", "-12.345.678"}) FORMS.put(n, SeparatorProof.DOTS_BETWEEN_THOUSANDS);
        for (String n : new String[] {"1 234", "12\u00A0345\u00A0678", "1\u202F234"}) FORMS.put(n, SeparatorProof.SPACE_BETWEEN_THOUSANDS);
        for (String n : new String[] {"17.000", "28.000", "1.125", "-999.999"}) FORMS.put(n, SeparatorProof.DOT_BEFORE_THREE);
        for (String n : new String[] {"0.125", "-0.995", "012.345"}) FORMS.put(n, SeparatorProof.ZERO_DOT_THREE);
        for (String n : new String[] {"22.7", "10.50", "1.2345", "1234.567", "1'234.56", "0,123.5", "1.5e3", "-0.5"}) FORMS.put(n, SeparatorProof.DECIMAL_POINT);
        for (String n : new String[] {"12", "950", "1e5", "1'234", "1.234'567,89", "1 234.567,89", "1,23,456", "12,", ",5", "1..2", "abc", "1,234.5.6"}) FORMS.put(n, null);
    }

    @Test
    void everyFormTakesTheNumbersItMustAndNoOther() {
        for (SeparatorProof proof : SeparatorProof.values()) {
            assertTrue(FORMS.containsValue(proof), proof + " has no number here it must take");
            for (Map.Entry<String, SeparatorProof> e : FORMS.entrySet()) {
                boolean must = e.getValue() == proof;
                assertEquals(must, SeparatorProof.of(e.getKey()) == proof, proof + (must ? " must take " : " must not take ") + "'" + e.getKey() + "'");
            }
        }
        for (Map.Entry<String, SeparatorProof> e : FORMS.entrySet()) assertEquals(e.getValue(), SeparatorProof.of(e.getKey()), "'" + e.getKey() + "'");
    }

    @Test
    void aCommaFilesQuotedNumbersAreReadAsTheTableProvesOrRefused() throws Exception {
        // "0,125" is no thousand: a decimal comma; beside a decimal point the file writes numbers two ways
        assertEquals(new NumberStyle(',', false, true), head("Date,Close\n2020-01-02,\"0,125\"\n2020-01-03,\"0,130\"\n").numbers());
        assertTrue(refusal("Date,Close,Volume\n2020-01-02,\"0,128\",1500.5\n").endsWith("the file writes numbers two ways"));
        // "1,070" below whole numbers: a whole thousand, as another column's decimal point says
        CsvHead volumes = head("Date,Close,Volume\n2020-01-02,10.50,900\n2020-01-06,10.70,\"1,070\"\n");
        assertEquals('.', volumes.numbers().decimal());
        assertTrue(volumes.notes().contains("F.csv: '1,070' (line 3, column Volume) is 1070, not 1.070, as line 2 ('10.50') has a decimal point"), volumes.notes().toString());
        // "22,622" under a 22.7 of its own column: a thousandfold move within one column is never guessed
        assertTrue(refusal("Date,Close\n2020-01-02,22.7\n2020-01-03,\"22,622\"\n")
                .startsWith("F.csv line 3, column Close: '22,622' is not a plain number: its comma reads as a thousands separator or as a decimal comma"));
        // "17.000" under a 950: 17 or 17000, nothing tells which
        assertTrue(refusal("Date,Close\n2024-01-02,950\n2024-01-03,\"17.000\"\n")
                .startsWith("F.csv line 3, column Close: '17.000' reads as 17.000 (a decimal point) or as 17000 (a dot between thousands)"));
        // "1.234.567" proves a decimal comma, and the note names it
        CsvHead german = head("Date,Close,Volume\n2024-01-02,\"17.000\",\"1.234.567\"\n");
        assertEquals(',', german.numbers().decimal());
        assertTrue(german.notes().contains("F.csv: '17.000' (line 2, column Close) is 17000, not 17.000, as line 2 ('1.234.567') has dots between thousands"), german.notes().toString());
        // a "17.000" beside a "17.050,25" of its column is German; a plain 12 beside a "22,7" is not, whatever another column's point says
        assertEquals(',', head("Date,Close\n2024-01-02,\"17.000\"\n2024-01-03,\"17.050,25\"\n").numbers().decimal());
        assertTrue(refusal("Date,Close,Volume\n2020-01-02,\"22,7\",10.5\n2020-01-03,12,11.5\n").startsWith("F.csv line 2, column Close: '22,7' is not a plain number"));
        // a space between thousands proves no decimal comma in a ',' file: its "22,622" stays unread
        assertTrue(refusal("Date,Close,Volume\n2020-01-02,\"22,622\",1 234\n")
                .startsWith("F.csv line 2, column Close: '22,622' reads as a whole number with a comma between thousands or as a decimal comma"));
        // "0.125" is decimals: beside a quoted decimal comma the file writes numbers two ways
        assertTrue(refusal("Date,Close,Volume\n2024-01-02,\"22,7\",0.125\n").endsWith("the file writes numbers two ways"));
    }

    @Test
    void aSemicolonFilesTwoWayNumbersAreReadAsAProvedOneSaysOrRefused() throws Exception {
        CsvHead decided = head("Datum;Schluss\n02.01.2020;1,234\n03.01.2020;0,125\n");
        assertEquals(',', decided.numbers().decimal());
        assertTrue(decided.notes().contains("F.csv: '1,234' (line 2, column Schluss) is 1.234, not 1234, as line 3 ('0,125') has a decimal comma"), decided.notes().toString());
        CsvHead french = head("Date;Clôture\n02/01/2020;1 234\n13/01/2020;28.000\n");
        assertEquals(',', french.numbers().decimal());
        assertTrue(refusal("Datum;Schluss\n02.01.2020;28,868\n").startsWith("F.csv line 2, column Schluss: '28,868' reads as 28.868 (a decimal comma) or as 28868"));
        assertTrue(refusal("Datum;Schluss\n02.01.2020;28.000\n").startsWith("F.csv line 2, column Schluss: '28.000' reads as 28.000 (a decimal point) or as 28000"));
        CsvHead fx = head("Datum;Schluss\n02.01.2020;1.125\n03.01.2020;0.995\n");
        assertTrue(fx.notes().contains("F.csv: '1.125' (line 2, column Schluss) is 1.125, not 1125, as line 3 ('0.995') has a decimal point"), fx.notes().toString());
        assertTrue(refusal("Datum;Schluss\n02.01.2020;28,868.80\n03.01.2020;1,5\n").endsWith("has ',' between thousands ('28,868.80'): the file writes numbers two ways"));
    }

    private CsvHead head(String text) throws Exception {
        Path f = Files.writeString(Files.createTempDirectory(tmp, "t").resolve("F.csv"), text);
        return CsvHead.read(f, "F.csv");
    }

    private String refusal(String text) {
        return assertThrows(SextantException.class, () -> head(text)).getMessage();
    }
}
