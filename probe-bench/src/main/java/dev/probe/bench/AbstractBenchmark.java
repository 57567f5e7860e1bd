package dev.probe.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH defaults shared by probe's benchmarks (full runs); CI's smoke run overrides them on the command line
 * ({@code -f 1 -wi 1 -w 1s -i 1 -r 1s -foe true}). Netty leak detection is off so it does not skew results.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Dio.netty.leakDetection.level=disabled"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class AbstractBenchmark {
}
