package io.nous.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * The JSON writer for every file and output Nous produces: numbers are plain decimals
 * ({@code 0.00098}, {@code 600}), never scientific notation ({@code 9.8E-4}, {@code 6E+2}). A
 * double is written as the exact decimal of its shortest representation, so it reads back to the
 * same bits and replay's byte comparisons are unaffected. NaN and infinities keep Jackson's
 * quoted form.
 */
public final class PlainJson {
    private PlainJson() {
    }

    /** A new mapper that writes plain decimals. */
    public static ObjectMapper mapper() {
        JsonFactory factory = JsonFactory.builder()
                .enable(com.fasterxml.jackson.core.StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .addDecorator((f, gen) -> new PlainNumbers(gen))
                .build();
        return new ObjectMapper(factory);
    }

    /**
     * A mapper for reading files an older or newer Nous wrote: fields this version does not know are
     * ignored (a later version may only add optional ones), so what it knows is still read.
     */
    public static ObjectMapper tolerant() {
        return mapper().configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    }

    /** {@code v} as a plain decimal string that parses back to exactly {@code v}. */
    public static String plain(double v) {
        if (v == 0) {
            return 1 / v < 0 ? "-0.0" : "0.0";
        }
        return decimal(Double.toString(v));
    }

    private static String decimal(String shortest) {
        String s = new BigDecimal(shortest).stripTrailingZeros().toPlainString();
        return s.contains(".") ? s : s + ".0";
    }

    private static final class PlainNumbers extends JsonGeneratorDelegate {
        PlainNumbers(JsonGenerator d) {
            super(d, true);
        }

        @Override
        public void writeNumber(double v) throws IOException {
            if (Double.isFinite(v)) {
                delegate.writeNumber(plain(v));
            } else {
                delegate.writeNumber(v);
            }
        }

        @Override
        public void writeNumber(float v) throws IOException {
            if (Float.isFinite(v)) {
                delegate.writeNumber(v == 0 ? (1 / v < 0 ? "-0.0" : "0.0") : decimal(Float.toString(v)));
            } else {
                delegate.writeNumber(v);
            }
        }
    }
}
