"""Azeroth at War odds outside the engine: ``mapping`` (each input's names on the page, in the
API and in the engine, and the builders of the engine's types), ``service`` (engine types in,
response body out, rules errors only: what the API and the Celery tasks both answer),
``requests`` and ``serializers`` (the API's bodies), ``azeroth`` (the API's adapter) and
``forms`` (the odds page)."""
