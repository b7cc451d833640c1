"""Counter Race, a game that exists only in the tests: two players race their counters to a
target, each with a secret number added at the end. Everything of it lives in this package
(its rules in ``rules/``, its Django side beside them), and it joins the app only when a test
adds this app to INSTALLED_APPS: the proof that a game is one slice."""
