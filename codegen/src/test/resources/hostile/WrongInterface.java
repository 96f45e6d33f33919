// expect: rejected|not a policy interface
public final class WrongInterface implements Runnable {
    public void run() {
    }
}
