package org.sextant.scaleout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * One symbol's dates as its series will hold them ({@link PricesInput#series}), read from a local export's
 * Parquet before Spark starts: the date of each row with a date and a close, inside [from, to], oldest first,
 * duplicates kept (the series keeps them). Only {@code date} is decoded; of {@code close} only where it is null,
 * and not at all in a row group whose statistics say it has no null. Memory: 4 bytes per date of the symbol.
 */
final class LocalDates {
    private LocalDates() {}

    /**
     * The symbol's dates as days since 1970-01-01, sorted; null when its files do not say what Spark would read
     * (a {@code date} that is not a Parquet DATE, a {@code close} that is not a number, more than 2^31 rows):
     * the session decides then. An unreadable file is an {@link IOException}.
     */
    static int[] of(Path symbolFolder, LocalDate from, LocalDate to) throws IOException {
        long lo = from == null ? Long.MIN_VALUE : from.toEpochDay();
        long hi = to == null ? Long.MAX_VALUE : to.toEpochDay();
        int[] days = new int[0];
        int n = 0;
        List<Path> files;
        try (var list = Files.list(symbolFolder)) {
            files = list.sorted().toList();
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.startsWith(".") || name.startsWith("_")) continue; // Spark skips them
            try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(f))) {
                MessageType schema = reader.getFooter().getFileMetaData().getSchema();
                if (!schema.containsField("date") || !schema.containsField("close") || !isDate(schema.getType("date"))
                        || !isNumber(schema.getType("close"))) return null;
                long rows = reader.getRecordCount();
                if (n + rows > Integer.MAX_VALUE - 8) return null;
                if (n + rows > days.length) days = Arrays.copyOf(days, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(n + rows, days.length * 3L / 2)));
                boolean closeHasNulls = false; // then its null marks are read, row by row
                for (BlockMetaData block : reader.getRowGroups()) {
                    for (var column : block.getColumns()) {
                        if (!column.getPath().toDotString().equals("close")) continue;
                        var stats = column.getStatistics();
                        closeHasNulls |= stats == null || !stats.isNumNullsSet() || stats.getNumNulls() != 0;
                    }
                }
                MessageType read = closeHasNulls ? new MessageType(schema.getName(), schema.getType("date"), schema.getType("close"))
                        : new MessageType(schema.getName(), schema.getType("date"));
                reader.setRequestedSchema(read);
                ColumnDescriptor date = read.getColumnDescription(new String[] {"date"});
                ColumnDescriptor close = closeHasNulls ? read.getColumnDescription(new String[] {"close"}) : null;
                String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
                for (int b = 0; b < reader.getRowGroups().size(); b++) {
                    long groupRows = reader.getRowGroups().get(b).getRowCount();
                    if (groupRows == 0) continue;
                    var store = new ColumnReadStoreImpl(reader.readRowGroup(b), new DummyRecordConverter(read).getRootConverter(), read, createdBy);
                    ColumnReader d = store.getColumnReader(date);
                    ColumnReader c = close == null ? null : store.getColumnReader(close);
                    for (long r = 0; r < groupRows; r++) {
                        boolean kept = d.getCurrentDefinitionLevel() == date.getMaxDefinitionLevel();
                        int day = kept ? d.getInteger() : 0;
                        d.consume();
                        if (c != null) {
                            if (c.getCurrentDefinitionLevel() == close.getMaxDefinitionLevel()) c.skip();
                            else kept = false; // no close: the series drops the row
                            c.consume();
                        }
                        if (kept && day >= lo && day <= hi) days[n++] = day;
                    }
                }
            }
        }
        days = Arrays.copyOf(days, n);
        Arrays.sort(days);
        return days;
    }

    /** The dates as the engine's rules read them, one LocalDate made per get (no list of objects held). */
    static List<LocalDate> view(int[] days) {
        return new Days(days);
    }

    private static final class Days extends AbstractList<LocalDate> implements RandomAccess {
        private final int[] days;

        Days(int[] days) { this.days = days; }

        @Override
        public LocalDate get(int i) { return LocalDate.ofEpochDay(days[i]); }

        @Override
        public int size() { return days.length; }
    }

    /** A Parquet DATE, which Spark's cast to date reads as it is. */
    private static boolean isDate(Type t) {
        return t.isPrimitive() && t.getRepetition() != Type.Repetition.REPEATED && t.asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT32
                && t.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation;
    }

    /** A number, which Spark's cast to double never makes null (a text close could be). */
    static boolean isNumber(Type t) {
        if (!t.isPrimitive() || t.getRepetition() == Type.Repetition.REPEATED) return false;
        var a = t.getLogicalTypeAnnotation();
        return switch (t.asPrimitiveType().getPrimitiveTypeName()) {
            case INT32, INT64 -> a == null || a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation || a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
            case FLOAT, DOUBLE -> a == null;
            case FIXED_LEN_BYTE_ARRAY -> a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
            default -> false;
        };
    }
}
