package org.sextant.app.gui;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.util.StringConverter;

/**
 * Makes a {@link DatePicker} read what a person types: ISO ({@code 1995-01-03}) or the locale's
 * short and medium formats, checked at every keystroke. A date it cannot read is reported at once
 * in {@link #problemProperty()} and stays in the field (focus loss would otherwise put the old date
 * back silently), so a caller can refuse to act on a period other than the one shown.
 */
final class DateField {
    private final DatePicker picker;
    private final String field;
    private final List<DateTimeFormatter> formats;
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");

    private DateField(DatePicker picker, String field, Locale locale) {
        this.picker = picker;
        this.field = field;
        this.formats = List.of(DateTimeFormatter.ISO_LOCAL_DATE,
                DateTimeFormatter.ofLocalizedDate(FormatStyle.SHORT).withLocale(locale),
                DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(locale));
    }

    /** Installs the reading on {@code picker}; {@code field} names it in problems ("From"). */
    static DateField install(DatePicker picker, String field, Locale locale) {
        DateField f = new DateField(Objects.requireNonNull(picker, "picker"), field, locale);
        picker.setConverter(f.converter());
        picker.setTooltip(new Tooltip("A date such as " + f.example() + "; empty for no limit"));
        picker.getEditor().textProperty().addListener((obs, old, now) -> f.check(now));
        // Enter or leaving the field with text it cannot read makes the skin put the old date back
        // (none: an empty field, i.e. the whole history): put the typed text back, the problem stays shown
        picker.addEventFilter(KeyEvent.ANY, e -> { // the skin commits on the release
            if (e.getCode() == KeyCode.ENTER) f.keepUnreadText();
        });
        picker.focusedProperty().addListener((obs, had, has) -> {
            if (!has) f.keepUnreadText();
        });
        return f;
    }

    /** "From: '1995-13-03' is not a date; write 1995-01-03 or 1/3/95", empty while the text is a date or blank. */
    ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /**
     * Puts the typed text into the picker's value (it may not be committed yet) and answers whether
     * the field holds a date or nothing; false leaves the value alone and the problem shown.
     */
    boolean commit() {
        String text = picker.getEditor().getText();
        check(text);
        if (!problem.get().isEmpty()) return false;
        LocalDate d = parse(text);
        if (!Objects.equals(d, picker.getValue())) picker.setValue(d);
        return true;
    }

    /** Called before the skin commits (this listener and filter were installed before the skin's). */
    private void keepUnreadText() {
        if (problem.get().isEmpty()) return;
        String typed = picker.getEditor().getText();
        Platform.runLater(() -> picker.getEditor().setText(typed));
    }

    private void check(String text) {
        try {
            parse(text);
            problem.set("");
            picker.getStyleClass().remove("invalid-date");
        } catch (DateTimeParseException e) {
            problem.set(field + ": '" + text.strip() + "' is not a date; write " + example());
            if (!picker.getStyleClass().contains("invalid-date")) picker.getStyleClass().add("invalid-date");
        }
    }

    /** The date in {@code text} (null for blank) in the first format that reads it whole. */
    LocalDate parse(String text) {
        if (text == null || text.isBlank()) return null;
        DateTimeParseException first = null;
        for (DateTimeFormatter f : formats) {
            try {
                return LocalDate.parse(text.strip(), f);
            } catch (DateTimeParseException e) {
                if (first == null) first = e;
            }
        }
        throw first;
    }

    private String example() {
        LocalDate d = LocalDate.of(1995, 1, 3);
        return d + " or " + formats.get(1).format(d);
    }

    private StringConverter<LocalDate> converter() {
        return new StringConverter<>() {
            @Override
            public String toString(LocalDate d) {
                return d == null ? "" : d.toString();
            }

            @Override
            public LocalDate fromString(String text) {
                // DatePicker commits on focus loss outside any handler: unreadable text keeps the value
                // (the problem is shown and the caller refuses to act) rather than throw to stderr
                try {
                    return parse(text);
                } catch (DateTimeParseException e) {
                    return picker.getValue();
                }
            }
        };
    }
}
