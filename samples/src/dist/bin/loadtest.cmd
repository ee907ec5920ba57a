@echo off
rem loadtest: the loadtest command (lib\loadtest.jar) with the JVM options measured to suit a load generator,
rem as bin/loadtest does on Unix (it says what each default does and why). Reads JAVA_HOME (otherwise java on
rem the PATH), JAVA_OPTS, then LOADTEST_OPTS: their options come after the defaults, so each one given wins;
rem a garbage collector, a young-generation size or an inlining limit of theirs replaces the default one. No
rem class-data sharing archive here (bin/loadtest makes one), nor bin/loadtest's choice of C1 alone for a short
rem run (set LOADTEST_OPTS=-XX:TieredStopAtLevel=1 for one of at most 100,000 requests).
rem Written without parenthesised blocks: a JAVA_HOME under "C:\Program Files (x86)" would end one early.
setlocal

set "LOADTEST_HOME=%~dp0.."
set "LOADTEST_JAR=%LOADTEST_HOME%\lib\loadtest.jar"
if not exist "%LOADTEST_JAR%" goto noJar

set "JAVA_EXE=java"
if not defined JAVA_HOME goto findJavaOnPath
set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
if exist "%JAVA_EXE%" goto defaults
echo loadtest: JAVA_HOME (%JAVA_HOME%) has no bin\java.exe: set it to a Java 17 or later, or unset it to use the java on the PATH 1>&2
exit /b 2

:findJavaOnPath
where java >nul 2>&1
if not errorlevel 1 goto defaults
echo loadtest: no java on the PATH and JAVA_HOME is not set: install Java 17 or later, or set JAVA_HOME 1>&2
exit /b 2

:defaults
set "LOADTEST_DEFAULTS=-XX:-UsePerfData"
echo.%JAVA_OPTS% %LOADTEST_OPTS% | findstr /r /c:"-XX:+Use[A-Za-z]*GC" >nul
if errorlevel 1 set "LOADTEST_DEFAULTS=%LOADTEST_DEFAULTS% -XX:+UseSerialGC"
echo.%JAVA_OPTS% %LOADTEST_OPTS% | findstr /c:"-Xmn" /c:"NewSize" /c:"-Xms" /c:"InitialHeapSize" >nul
if errorlevel 1 set "LOADTEST_DEFAULTS=%LOADTEST_DEFAULTS% -Xmn24m"
echo.%JAVA_OPTS% %LOADTEST_OPTS% | findstr /c:"FreqInlineSize" >nul
if errorlevel 1 set "LOADTEST_DEFAULTS=%LOADTEST_DEFAULTS% -XX:FreqInlineSize=100"
echo.%JAVA_OPTS% %LOADTEST_OPTS% | findstr /c:"InlineSmallCode" >nul
if errorlevel 1 set "LOADTEST_DEFAULTS=%LOADTEST_DEFAULTS% -XX:InlineSmallCode=1000"

"%JAVA_EXE%" %LOADTEST_DEFAULTS% %JAVA_OPTS% %LOADTEST_OPTS% -jar "%LOADTEST_JAR%" %*
exit /b %ERRORLEVEL%

:noJar
echo loadtest: %LOADTEST_JAR% is missing: the distribution is incomplete, unpack its archive again 1>&2
exit /b 2
