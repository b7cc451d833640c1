"""Azeroth at War odds outside the engine: ``mapping`` (each input's names on the page, in the
API and in the engine, and the builders of the engine's types), ``requests`` (a JSON body read
into the engine's types, without DRF), ``bodies`` (each response body, written once),
``service`` (request body in, response body out, rules errors only: what the API and the Celery
tasks both answer), ``serializers`` (the API's request checks, and the schema made from
``bodies``), ``responses`` (the API's adapter) and ``forms`` (the odds page)."""
