"""Build the solver's compiled core (engine/_csolver.c) with the machine's C compiler.

The project's metadata is in pyproject.toml; this file only declares the C extension, which
``pip install -e .``, ``pip install .`` and ``pip wheel .`` build. It is optional: without a
working compiler the install still succeeds and engine.solver falls back to its pure-Python
search (and logs one line saying so).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engine._csolver",
            sources=["engine/_csolver.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
